export { activityStatement, recordActivity, MAX_DETAIL_NAMES, MAX_DETAIL_TEXT, type ActivityRecord } from "./record-activity";
export { ACTIVITY_LIST_BOUNDS, listActivity, parseActivityQuery, type ActivityQuery } from "./list-activity";
