// emweb/symbolicate: log entries as the server received them, read through the bundles' source
// maps, for a server's own log pipeline (Node only; the `emweb-symbolicate` command is built on it).
export { type LogEntry, parseEntries } from './entries';
export { SymbolicateError } from './errors';
export { type BundleMap, readSourceMaps, sourceMap } from './maps';
export { type Symbolicated, symbolicate } from './symbolicate';
export { formatEntries } from './text';
