export function operationModules(model: unknown): Record<'operations.py' | 'client_policy.py', string>;
