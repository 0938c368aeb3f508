/** The language-neutral model of the OpenAPI document; openapi-model.mjs says what each part means. */
export type TypeModel =
  | {
      kind: 'string';
      format?: string;
      pattern?: string;
      values?: string[];
      open?: boolean;
      constant?: string;
    }
  | { kind: 'integer' | 'number' | 'boolean'; constant?: number | boolean }
  | { kind: 'array'; items: TypeModel }
  | { kind: 'map'; values: TypeModel }
  | { kind: 'ref'; name: string }
  | { kind: 'page'; items: TypeModel }
  | { kind: 'union'; variants: TypeModel[] }
  | { kind: 'unknown' };

export type FieldModel = {
  name: string;
  type: TypeModel;
  required: boolean;
  nullable: boolean;
  description?: string;
  default?: unknown;
};

export type SchemaModel = {
  name: string;
  description?: string;
  role: 'request' | 'response';
  fields: FieldModel[];
  hoistedFrom?: { schema: string; field: string };
};

export type OperationModel = {
  id: string;
  resource: string[];
  method: string;
  httpMethod: string;
  path: string;
  auth: 'bearer' | 'service-key' | 'admin' | 'none';
  summary?: string;
  pathParams: FieldModel[];
  query: FieldModel[];
  body?: string;
  success: { status: number; kind: 'json' | 'file'; type?: TypeModel; mediaTypes: string[] };
  idempotent: boolean;
  formatOf?: { operation: string; format: string };
};

export type ApiModel = {
  title: string;
  version: string;
  schemas: SchemaModel[];
  operations: OperationModel[];
  clientPolicy: Record<string, unknown>;
  webhooks: string[];
};

export function loadApiModel(file: string): ApiModel;
export function buildApiModel(document: unknown): ApiModel;
