// Types of tools/chromium.mjs, for the TypeScript that imports it (e2e, the Stripe stand-in).
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
