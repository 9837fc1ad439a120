/** Old address of the city context, kept while the chat and desk code still import it from here. */
export * from '@/lib/client/city-context';
