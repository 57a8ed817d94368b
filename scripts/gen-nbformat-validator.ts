// Writes src/model/nbformat/validator.generated.ts from src/model/nbformat/schema.ts (npm run gen:nbformat).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_VALIDATOR_PATH, generatedValidatorSource } from '../src/model/nbformat/validatorSource';
import { REPO_ROOT } from '../server/paths';

writeFileSync(path.join(REPO_ROOT, GENERATED_VALIDATOR_PATH), generatedValidatorSource());
console.log(`wrote ${GENERATED_VALIDATOR_PATH}`);
