import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Item } from './db';

/** The item a table-stream record wrote (its new image), as the table port's reads answer items. */
export function newImageOf(record: DynamoDBRecord): Item | undefined {
  const image = record.dynamodb?.NewImage;
  return image ? (unmarshall(image as Record<string, AttributeValue>) as Item) : undefined;
}
