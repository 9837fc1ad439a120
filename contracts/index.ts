export * from './envelope';
export * from './paths';
export * from './city';
export * from './search';
export * from './esf';
export * from './user';
export * from './home';
