import { sharedContract } from '../../testing/sharedContracts';
import { loadOpenApiContract, type Contract } from '../../testing/openApiContract';

/**
 * The workflow server's answers checked against Airflow 2.10's REST API v1 contract
 * (../shared/contracts/airflow-v1.yaml). Its `format: datetime` and `nullable` without a type are
 * read by server/testing/openapi.ts as Airflow 2.10 means them.
 */
export function loadAirflowContract(specFile: string | null = sharedContract('airflow-v1.yaml')): Promise<Contract> {
  return loadOpenApiContract(specFile);
}
