export declare const EMBED_ORIGINS_ENV: 'KHOUNTOUS_EMBED_API_ORIGINS';
/** The origins the environment names; anything that is not exactly an http(s) origin throws. */
export declare function embedApiOrigins(env: Readonly<Record<string, string | undefined>>): string[];
/** The embed page's HTML with `origins` in its khountous:api-origins meta. */
export declare function withApiOrigins(html: string, origins: readonly string[]): string;
