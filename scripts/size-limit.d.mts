export declare const SIZE_LIMIT: number;
