export function operationsModule(model: unknown): string;
