declare const __VASKEDRIFT_VERSION__: string | undefined;

/** Set by the bundler from package.json; `dev` when run from source. */
export const VERSION: string = typeof __VASKEDRIFT_VERSION__ === 'string' ? __VASKEDRIFT_VERSION__ : 'dev';
