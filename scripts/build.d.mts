/** Builds the client into dist/client and the server bundle into dist/server. */
export declare const buildAll: () => Promise<void>;
/** The server's entry points (main, demo, storage-migrate and the workers) bundled into `outdir`. */
export declare const bundleServer: (outdir: string) => Promise<void>;
