import { CliUsageError } from './usage-error';

const USAGE = `usage: rankquill-mock <command> [options]

Commands:
  serve     start the reference server                      (rankquill-mock serve --help)
  receive   start the reference webhook receiver            (rankquill-mock receive --help)
  trigger   send a sample webhook event to a receiver       (rankquill-mock trigger --help)
`;

/**
 * Runs one `rankquill-mock` command. Each command's module loads when it runs, so `serve` reads
 * none of the receiver's or the trigger's code before its ready line.
 */
export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return (await import('./serve')).serve(rest);
    case 'receive':
      return (await import('./receive')).receive(rest);
    case 'trigger':
      return (await import('./trigger')).trigger(rest);
    case undefined:
    case '--help':
    case 'help': {
      const [{ SERVE_USAGE }, { RECEIVE_USAGE }, { TRIGGER_USAGE }] = await Promise.all([
        import('./serve'),
        import('./receive'),
        import('./trigger'),
      ]);
      process.stdout.write(`${USAGE}\n${SERVE_USAGE}\n${RECEIVE_USAGE}\n${TRIGGER_USAGE}`);
      return;
    }
    default:
      throw new CliUsageError(`unknown command "${command}".\n\n${USAGE}`);
  }
}

/** Whether a failure is the caller's mistake (exit 64) rather than the command's (exit 1). */
export function isUsageError(error: unknown): boolean {
  return (
    error instanceof CliUsageError ||
    Boolean((error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS'))
  );
}
