import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';

/** /integrations/webhooks: outgoing webhooks (admins). */
export function createWebhookRoutes<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    path: 'integrations/webhooks',
    staticData: { title: 'webhooks.title', access: { roles: ADMIN_ROLES } },
    component: lazyRouteComponent(() => import('./routes/webhooks-page'), 'WebhooksPage'),
  });
}
