/** Old address of @/lib/server/api, kept while the chat, upload, entrust and desk code still import it from here. */
export * from '@/lib/server/api';
