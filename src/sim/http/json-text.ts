import type { Reply } from './server.js';

/**
 * A success answer a handler already wrote as JSON (from a cache of answers that only change with
 * time or state): the server sends the text as it is instead of serialising a body again.
 */
export class JsonText {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** The reply that sends this text with status 200 and the JSON content type. */
  reply(): Reply {
    return { status: 200, body: undefined, text: this.text };
  }
}
