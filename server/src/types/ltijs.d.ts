// The parts of ltijs 5.9.9 and ltijs-sequelize 2.4.4 the tool uses (neither ships types).
declare module 'ltijs' {
  import type { Express, Request, Response, NextFunction } from 'express';

  /** The platform's half of a validated launch, as ltijs keeps it (`res.locals.token`). */
  export interface IdTokenRecord {
    iss: string;
    user: string;
    userInfo?: { given_name?: string; family_name?: string; name?: string; email?: string };
    platformInfo?: Record<string, unknown>;
    clientId: string;
    platformId: string;
    deploymentId: string;
    platformContext: ContextTokenRecord;
  }

  /** The launch's own claims, as ltijs keeps them (`res.locals.context`). */
  export interface ContextTokenRecord {
    contextId: string;
    user: string;
    context?: { id: string; label?: string; title?: string };
    resource?: { id: string; title?: string };
    messageType: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
    version: string;
    roles?: string[];
    targetLinkUri?: string;
    custom?: Record<string, unknown>;
    launchPresentation?: Record<string, unknown>;
    endpoint?: { scope?: string[]; lineitems?: string; lineitem?: string };
    namesRoles?: { context_memberships_url?: string; service_versions?: string[] };
    deepLinkingSettings?: {
      deep_link_return_url: string;
      accept_types: string[];
      accept_multiple?: boolean | string;
      data?: string;
    };
  }

  export interface PlatformRegistration {
    url: string;
    name: string;
    clientId: string;
    authenticationEndpoint: string;
    accesstokenEndpoint: string;
    authConfig: { method: 'JWK_SET' | 'JWK_KEY' | 'RSA_KEY'; key: string };
  }

  export interface Platform {
    platformKid(): Promise<string>;
    platformUrl(): Promise<string>;
    platformClientId(): Promise<string>;
  }

  type Callback = (token: IdTokenRecord, req: Request, res: Response, next: NextFunction) => unknown;
  type Refusal = (req: Request, res: Response) => unknown;

  export interface LtiProvider {
    app: Express;
    setup(key: string, database: { plugin: unknown }, options: Record<string, unknown>): LtiProvider;
    deploy(options: { serverless: boolean; silent?: boolean }): Promise<true>;
    close(options?: { silent?: boolean }): Promise<true>;
    onConnect(callback: Callback): true;
    onDeepLinking(callback: Callback): true;
    onInvalidToken(callback: Refusal): true;
    onSessionTimeout(callback: Refusal): true;
    onUnregisteredPlatform(callback: Refusal): true;
    onInactivePlatform(callback: Refusal): true;
    registerPlatform(platform: PlatformRegistration): Promise<Platform>;
    getPlatform(url: string, clientId: string): Promise<Platform | false>;
    DeepLinking: {
      createDeepLinkingMessage(
        token: IdTokenRecord,
        items: Record<string, unknown>[],
        options?: { message?: string; log?: string },
      ): Promise<string>;
    };
    Grade: {
      submitScore(token: IdTokenRecord, lineItemId: string, score: Record<string, unknown>): Promise<unknown>;
    };
    NamesAndRoles: {
      getMembers(token: IdTokenRecord, options?: Record<string, unknown>): Promise<unknown>;
    };
  }

  /** The process-wide provider (`require('ltijs').Provider`). */
  export const Provider: LtiProvider;
}

declare module 'ltijs-sequelize' {
  export default class Database {
    constructor(database: string, user: string, pass: string, options: Record<string, unknown>);
    Replace(
      key: string | false,
      table: string,
      info: Record<string, unknown>,
      item: Record<string, unknown>,
      index?: Record<string, unknown>,
    ): Promise<boolean>;
  }
}
