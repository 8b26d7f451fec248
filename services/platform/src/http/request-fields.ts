import type { Language } from '@agora/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider';
import type { ActorOf, AuthLevel, SessionIdOf } from '../auth/levels';

/**
 * What every service's requests carry beyond Fastify's own: the language (`createHttpApp`) and the
 * caller (`registerAuth`). One declaration, because every declaration of `FastifyRequest` must repeat
 * Fastify's type parameters, and the actor's type depends on one of them: the route's `config`.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<TypeProvider, SchemaCompiler, RouteGeneric>,
  > {
    /** From `Accept-Language`; unsupported languages fall back to en_US. */
    readonly language: Language;
    /**
     * Who is calling: never null in the handler of a route whose `config.auth` needs a member (`login`,
     * `user`, `staff`, `admin`), since the `onRequest` guard refused every request without one.
     */
    actor: ActorOf<ContextConfig>;
    /** The caller's session, known wherever the actor is. */
    sessionId: SessionIdOf<ContextConfig>;
  }
}
