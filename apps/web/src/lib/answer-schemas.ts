import {
  acknowledgeAlertResponseSchema,
  apiSchema,
  bayMetricSchema,
  baySchema,
  dataResponse,
  deleteMaintenancePlanResponseSchema,
  errorBodySchema,
  groupDetailSchema,
  listResponse,
  locationSchema,
  userSchema,
} from '@vaskedrift/shared';

/*
 * The schemas of the answers read by code in the app's first file, built when that code first needs one
 * (answer-schema.ts): this module and zod load after the first page (decision 040).
 */

export const ANSWERS = {
  acknowledgedAlert: acknowledgeAlertResponseSchema,
  api: dataResponse(apiSchema),
  bay: dataResponse(baySchema),
  bayMetrics: listResponse(bayMetricSchema),
  deletedPlan: deleteMaintenancePlanResponseSchema,
  errorBody: errorBodySchema,
  group: dataResponse(groupDetailSchema),
  location: dataResponse(locationSchema),
  user: dataResponse(userSchema),
};
