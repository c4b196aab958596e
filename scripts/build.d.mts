/** Builds the client into dist/client and the server bundle into dist/server. */
export declare const buildAll: () => Promise<void>;
