// Types for what TypeScript tests use from the stand-in electron module (electron-stand-in.mjs).
export function invokeIpc(channel: string, frameUrl: string | undefined, ...args: unknown[]): Promise<unknown>;
