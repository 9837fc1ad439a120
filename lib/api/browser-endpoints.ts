/** Old address of @/lib/client/api-endpoints, kept while the chat, upload, entrust and desk code still import it from here. */
export * from '@/lib/client/api-endpoints';
