import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInConfig } from '../core/config/index.js';
import type { Logger } from '../core/logger.js';
import type { PeopleDirectory } from '../core/people/index.js';
import type { SideRoutes } from '../mcp/transports/http.js';
import type { OAuthResource } from '../mcp/transports/oauth-auth.js';
import type { SignIn, SignInOptions } from '../web/sign-in-server.js';

/** Sign-in as `omsdesk serve` mounts it: the MCP resource behind OAuth, and the routes beside MCP. */
export interface MountedSignIn {
  readonly signIn: SignIn;
  readonly oauth: OAuthResource;
  /** Serves sign-in's paths, then whatever `others` serve. */
  routes(others?: SideRoutes): SideRoutes;
}

/** Builds sign-in for a public URL and mounts it beside MCP on the same HTTP server. */
export async function mountSignIn(
  config: SignInConfig,
  parts: {
    readonly dataDir: string;
    readonly people: PeopleDirectory;
    readonly logger: Logger;
    readonly fetch?: NonNullable<SignInOptions['fetch']>;
    /** The web desk's parts: with them `/desk` and `/tickets/{id}` are served too. */
    readonly desk?: NonNullable<SignInOptions['desk']>;
  },
): Promise<MountedSignIn> {
  // Loaded here: only a server with a public URL needs the authorization server's library.
  const { createSignIn } = await import('../web/sign-in-server.js');
  const signIn = await createSignIn({
    publicUrl: config.publicUrl,
    ...(config.discord === undefined ? {} : { discord: config.discord }),
    ...parts,
  });
  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    signIn.handle(req, res).catch((error: unknown) => {
      parts.logger.error('sign-in request failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
    });
  };
  return {
    signIn,
    oauth: {
      resource: signIn.resource,
      authorizationServer: signIn.issuer,
      verify: (token) => signIn.verify(token),
    },
    routes: (others) => (req, res, access) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (signIn.owns(path)) {
        serve(req, res);
        return true;
      }
      return others?.(req, res, access) ?? false;
    },
  };
}
