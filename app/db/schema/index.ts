export * from './accounts';
export * from './infra';
export * from './news';
export * from './social';
export * from './catalog';
export * from './curation';
export * from './reading';
