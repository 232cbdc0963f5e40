/**
 * A function answering a promise, for props and parameters in .tsx files: `AsyncAction<[file: File]>` instead of
 * an arrow type, whose `=> Promise<…>` reads like JSX text to the check that keeps visible strings in web/src/i18n.
 */
export type AsyncAction<Args extends unknown[] = [], Result = void> = (...args: Args) => Promise<Result>;
