// Imported first by the package's main entry (src/index.ts): on a Node too old for the server,
// importing or requiring `@rankquill/mock-server` ends with one line that says which Node to
// install, before any module that needs a newer Node loads.
import { exitUnlessNodeIsRecent } from './node-version';

exitUnlessNodeIsRecent('@rankquill/mock-server');
