/** The part of `@altmed/web-build` (plain CommonJS with JSDoc) that the local stack's tests use. */
declare module '@altmed/web-build' {
  import type { WebpackPluginInstance } from 'webpack';
  export function keepRetiredFilesPlugin(): WebpackPluginInstance;
  export function publishEntryFilesLastPlugin(): WebpackPluginInstance;
  export const RETIRED_FILES_REGISTER: string;
}
