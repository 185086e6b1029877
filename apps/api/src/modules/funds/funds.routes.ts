import type { FastifyInstance } from 'fastify';
import {
  adminCreateFund,
  adminDeleteFundAnnouncement,
  adminGetFund,
  adminListConsultations,
  adminListFundAnnouncements,
  adminListFundNavs,
  adminListFunds,
  adminPublishFundAnnouncement,
  adminResolveConsultation,
  adminUpdateFund,
} from '@portal/contract/admin/funds';
import {
  getFund,
  getFundNavHistory,
  listFundAnnouncements,
  listFunds,
  markAnnouncementSeen,
} from '@portal/contract/funds/catalogue';
import { requestConsultation } from '@portal/contract/funds/consultation';
import { route } from '../../plugins/contract';
import { operatorOf } from '../../plugins/access';
import { sessionOf } from '../../plugins/sessions';
import * as catalogue from './catalogue.service';
import * as desk from './fund-desk.service';

export type FundsDeps = catalogue.CatalogueDeps & desk.FundDeskDeps;

/**
 * The fund catalogue (investors) and the fund desk (operators): transport only. NAVs and terms are proposed
 * and approved through the proposals module's routes (decision 028).
 */
export function fundsRoutes(app: FastifyInstance, deps: FundsDeps): void {
  route(app, listFunds, async ({ query }) => ({ items: await catalogue.listFunds(deps, query.category) }));
  route(app, getFund, async ({ params, request }) =>
    catalogue.getFund(deps, { userId: sessionOf(request).userId, fundId: params.fundId }),
  );
  route(app, getFundNavHistory, async ({ params, query }) =>
    catalogue.getNavHistory(deps, { fundId: params.fundId, range: query.range }),
  );
  route(app, listFundAnnouncements, async ({ params, query, request }) =>
    catalogue.listAnnouncements(deps, {
      userId: sessionOf(request).userId,
      fundId: params.fundId,
      kind: query.kind,
      page: query.page,
    }),
  );
  route(app, markAnnouncementSeen, async ({ params, body, request }) =>
    catalogue.markAnnouncementSeen(deps, {
      userId: sessionOf(request).userId,
      fundId: params.fundId,
      announcementId: params.announcementId,
      agree: body.agree,
    }),
  );
  route(app, requestConsultation, async ({ params, body, request }) =>
    catalogue.requestConsultation(deps, { userId: sessionOf(request).userId, fundId: params.fundId, body }),
  );

  route(app, adminListFunds, async () => ({ items: await desk.listAdminFunds(deps) }));
  route(app, adminGetFund, async ({ params }) => desk.getAdminFund(deps, params.fundId));
  route(app, adminCreateFund, async ({ body, request }) =>
    desk.createFund(deps, { operatorId: operatorOf(request).userId, ip: request.ip, body }),
  );
  route(app, adminUpdateFund, async ({ params, body, request }) =>
    desk.updateFund(deps, { operatorId: operatorOf(request).userId, ip: request.ip, fundId: params.fundId, body }),
  );
  route(app, adminListFundNavs, async ({ params, query }) =>
    desk.listFundNavs(deps, { fundId: params.fundId, page: query.page }),
  );
  route(app, adminListFundAnnouncements, async ({ params, query }) =>
    desk.listFundAnnouncements(deps, { fundId: params.fundId, kind: query.kind, page: query.page }),
  );
  route(app, adminPublishFundAnnouncement, async ({ params, body, request }) =>
    desk.publishFundAnnouncement(deps, {
      operatorId: operatorOf(request).userId,
      ip: request.ip,
      fundId: params.fundId,
      body,
    }),
  );
  route(app, adminDeleteFundAnnouncement, async ({ params, request }) =>
    desk.deleteFundAnnouncement(deps, {
      operatorId: operatorOf(request).userId,
      ip: request.ip,
      fundId: params.fundId,
      announcementId: params.announcementId,
    }),
  );
  route(app, adminListConsultations, async ({ query }) =>
    desk.listConsultationQueue(deps, { status: query.status, fundId: query.fundId, page: query.page }),
  );
  route(app, adminResolveConsultation, async ({ params, body, request }) =>
    desk.resolveConsultation(deps, {
      operatorId: operatorOf(request).userId,
      ip: request.ip,
      consultationId: params.consultationId,
      body,
    }),
  );
}
