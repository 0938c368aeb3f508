export function operationClasses(
  model: unknown,
): Record<'Internal/Operations.php' | 'Internal/ClientPolicy.php', string>;
