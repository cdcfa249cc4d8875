export * from './errors/app-error.ts';
export * from './sessions/create-anonymous-session.ts';
export * from './sessions/find-session.ts';
export { sessionsRepository } from './sessions/sessions-repository.ts';
