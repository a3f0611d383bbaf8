/*
 * Foresight (docs/domain.md, Foresight): the pure model of each bay attribute's normal, its early warning and
 * its unusual values; the server keeps one series per numeric bay attribute, the bench measures it.
 */
export * from './model';
export * from './words';
