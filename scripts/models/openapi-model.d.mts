/** The language-neutral model of the OpenAPI document; see openapi-model.mjs for its shape. */
export type ApiModel = {
  operations: Array<{ id: string; path: string; httpMethod: string }>;
  clientPolicy: Record<string, unknown>;
} & Record<string, unknown>;
export function loadApiModel(file: string): ApiModel;
export function buildApiModel(document: unknown): ApiModel;
