export declare function freePort(): Promise<number>;
export declare function portIsFree(port: number): Promise<boolean>;
export declare function waitHealthy(base: string, options: { exited: () => boolean; logFile?: string; timeoutMs?: number }): Promise<void>;
