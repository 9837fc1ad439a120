/**
 * The desk's strings (lib/messages.ts `desk`), handed down by the server page. Its own module so that the app, its
 * sections and the message view all import it from here and none of them from another.
 */
export type DeskCopy = Readonly<
  Record<
    | 'title'
    | 'loginTitle'
    | 'loginIntro'
    | 'tokenLabel'
    | 'tokenPlaceholder'
    | 'loginButton'
    | 'loggingIn'
    | 'logout'
    | 'sessionEnded'
    | 'conversations'
    | 'emptyList'
    | 'emptyListHint'
    | 'pickConversation'
    | 'noMessages'
    | 'connected'
    | 'reconnecting'
    | 'placeholder'
    | 'send'
    | 'counter'
    | 'image'
    | 'sendListing'
    | 'sendCard'
    | 'requestPhone'
    | 'pickListing'
    | 'noListings'
    | 'close'
    | 'uploading'
    | 'autoReply'
    | 'phoneRequestFromUser'
    | 'phoneRequestFromMe'
    | 'waiting'
    | 'agree'
    | 'refuse'
    | 'agreed'
    | 'refused'
    | 'phoneOf'
    | 'agentCard'
    | 'imageAlt'
    | 'unreadMore'
    | 'networkError'
    | 'imageFormats'
    | 'listing',
    string
  >
>;

/** Where the portal's city hosts are, for links to a listing on its city's host (contracts/hosts.ts cityOrigin). */
export interface DeskPortal {
  protocol: string;
  rootDomain: string;
}
