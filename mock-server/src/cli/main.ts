import { RECEIVE_USAGE, receive } from './receive';
import { SERVE_USAGE, serve } from './serve';
import { TRIGGER_USAGE, trigger } from './trigger';
import { CliUsageError } from './usage-error';

const USAGE = `usage: rankquill-mock <command> [options]

Commands:
  serve     start the reference server                      (rankquill-mock serve --help)
  receive   start the reference webhook receiver            (rankquill-mock receive --help)
  trigger   send a sample webhook event to a receiver       (rankquill-mock trigger --help)
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'receive':
      return receive(rest);
    case 'trigger':
      return trigger(rest);
    case undefined:
    case '--help':
    case 'help':
      process.stdout.write(`${USAGE}\n${SERVE_USAGE}\n${RECEIVE_USAGE}\n${TRIGGER_USAGE}`);
      return;
    default:
      throw new CliUsageError(`unknown command "${command}".\n\n${USAGE}`);
  }
}

// Logs on stderr are JSON lines, Node's own warnings included (its default prints plain text).
process.removeAllListeners('warning');
process.on('warning', (warning: Error & { code?: string }) => {
  const line = { event: 'warning', name: warning.name, code: warning.code, message: warning.message };
  process.stderr.write(`${JSON.stringify(line)}\n`);
});

main(process.argv.slice(2)).then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    const usage =
      error instanceof CliUsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`rankquill-mock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(usage ? 64 : 1);
  },
);
