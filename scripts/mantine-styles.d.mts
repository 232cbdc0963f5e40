/** Types of scripts/mantine-styles.mjs (used by test/unit/web/mantine-styles.test.ts). */
export declare const GENERATED: string;
export declare function neededMantineStyles(): string[];
export declare function renderMantineStyles(list: readonly string[]): string;
