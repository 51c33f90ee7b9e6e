/**
 * The read endpoints of the snapshot's resources: administrations, reports
 * (the snapshot's and the submitted ones), verifications and regions. The
 * datasets are in ./datasets.ts.
 */
import {
  administrationListItem,
  administrationView,
  factCheckView,
  reportListItem,
  reportView,
  type AdministrationRecord,
  type ReportRecord,
} from './data.js';
import { jsonResource } from './caching.js';
import { LIST_PARAMS, matchesFilters, paginate, parseQuery } from './query.js';
import { notFound, type Reply } from './reply.js';
import type { Context } from './routing.js';

/** GET /administrations */
export function listAdministrations({ api, request, url }: Context): Reply {
  const query = parseQuery(url.searchParams, ['region', 'sector', 'level', ...LIST_PARAMS]);
  const { region, sector, level } = query;
  const items = api.data.administrations.filter((admin) =>
    matchesFilters<AdministrationRecord>(admin, { region, sector, level }),
  );
  return jsonResource(
    request,
    paginate(items, query, administrationListItem),
    api.cacheControl.administrations,
  );
}

/** GET /administrations/{slug} */
export function getAdministration({ api, request, url, id }: Context): Reply {
  const { lang = 'fr' } = parseQuery(url.searchParams, ['lang']);
  const admin = api.administrations.get(id);
  if (!admin) throw notFound(`No administration has the slug "${id}".`);
  return jsonResource(
    request,
    administrationView(admin, lang, api.administrations.size),
    api.cacheControl.administration,
  );
}

/** GET /khountous */
export function listReports({ api, request, url }: Context): Reply {
  const query = parseQuery(url.searchParams, ['region', 'category', 'status', 'period', ...LIST_PARAMS]);
  const { region, category, status, period, lang = 'fr' } = query;
  const items = api.reports
    .list()
    .filter(
      (report) =>
        matchesFilters<ReportRecord>(report, { region, category, status }) &&
        (period === undefined || report.submittedAt.startsWith(period)),
    );
  return jsonResource(
    request,
    paginate(items, query, (report) => reportListItem(report, lang)),
    api.cacheControl.reports,
  );
}

/** GET /khountous/{slug} */
export function getReport({ api, request, url, id }: Context): Reply {
  const { lang = 'fr' } = parseQuery(url.searchParams, ['lang']);
  const report = api.reports.get(id);
  if (!report) throw notFound(`No report has the slug "${id}".`);
  return jsonResource(request, reportView(report, lang), api.cacheControl.report);
}

/** GET /verifications */
export function listVerifications({ api, request, url }: Context): Reply {
  const query = parseQuery(url.searchParams, LIST_PARAMS);
  const { lang = 'fr' } = query;
  return jsonResource(
    request,
    paginate(api.data.factChecks, query, (check) => factCheckView(check, lang)),
    api.cacheControl.verifications,
  );
}

/** GET /regions: every region in one page. */
export function listRegions({ api, request, url }: Context): Reply {
  parseQuery(url.searchParams, ['lang']);
  const regions = api.data.regions;
  return jsonResource(
    request,
    { data: regions, meta: { page: 1, pageSize: regions.length, total: regions.length } },
    api.cacheControl.regions,
  );
}
