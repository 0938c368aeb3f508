/** The language-neutral model of the OpenAPI document; see openapi-model.mjs for its shape. */
export type ApiModel = {
  operations: Array<{
    id: string;
    path: string;
    httpMethod: string;
    body?: string;
    success: { type: Record<string, unknown> };
  }>;
  schemas: Array<{ name: string; role: string; fields: ApiField[] }>;
  clientPolicy: Record<string, unknown>;
} & Record<string, unknown>;
/** A field of a schema: its name, its type (kind, and what the kind needs) and whether it may be absent or null. */
export type ApiField = {
  name: string;
  type: Record<string, unknown>;
  required: boolean;
  nullable: boolean;
  description?: string;
};
export function loadApiModel(file: string): ApiModel;
export function buildApiModel(document: unknown): ApiModel;
