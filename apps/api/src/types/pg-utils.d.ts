/** node-postgres's value serialization (`pg/lib/utils.js`), which @types/pg does not describe. */
declare module 'pg/lib/utils.js' {
  const utils: {
    /** A parameter as node-postgres sends it: text, a Buffer for binary values, or null. */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
