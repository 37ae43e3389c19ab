/** Resolves on the event loop's next turn: long work yields with it so requests run between. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
