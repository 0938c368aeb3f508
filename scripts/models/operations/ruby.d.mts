export function operationFiles(model: unknown): {
  lib: Record<'operations.rb' | 'client_policy.rb', string>;
  sig: Record<'operations.rbs' | 'client_policy.rbs', string>;
};
