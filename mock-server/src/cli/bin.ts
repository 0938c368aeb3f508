// The `rankquill-mock` bin (dist/cli.js): checks the Node version before it loads the CLI
// (dist/cli-main.js, one bundle that needs Node 22.13), so that an older Node gets one line
// saying which Node to install instead of a stack trace.
import { exitUnlessNodeIsRecent } from '../runtime/node-version';

exitUnlessNodeIsRecent('rankquill-mock');
// A name in a variable: the bundler leaves the import to run time, so the CLI stays a file of its own.
const cli = './cli-main.js';
await import(cli);
