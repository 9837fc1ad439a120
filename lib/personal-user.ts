/** Old address of @/lib/server/personal-user, kept while the chat, upload, entrust and desk code still import it from here. */
export * from '@/lib/server/personal-user';
