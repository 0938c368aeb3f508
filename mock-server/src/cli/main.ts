import { SERVE_USAGE, serve } from './serve';
import { CliUsageError } from './usage-error';

const USAGE = `usage: rankquill-mock <command> [options]

Commands:
  serve     start the reference server (rankquill-mock serve --help)
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(rest);
    case undefined:
    case '--help':
    case 'help':
      process.stdout.write(`${USAGE}\n${SERVE_USAGE}`);
      return;
    default:
      throw new CliUsageError(`unknown command "${command}".\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const usage =
      error instanceof CliUsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`rankquill-mock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(usage ? 64 : 1);
  },
);
