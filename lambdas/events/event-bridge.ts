/** The envelope EventBridge wraps around every event it delivers to a Lambda. */
export interface EventBridgeEvent<TDetailType extends string, TDetail> {
  version: string;
  id: string;
  'detail-type': TDetailType;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: TDetail;
}
