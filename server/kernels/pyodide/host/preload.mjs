/**
 * Loaded with --import before the kernel host. Pyodide's NODEFS reads process.binding('constants')
 * at start-up, which the permission model refuses; answer that one name from the public fs
 * constants and keep refusing every other binding.
 */
import process from 'node:process';
import { constants as fs } from 'node:fs';
import { constants as os } from 'node:os';

const refuse = process.binding.bind(process);
process.binding = (name) => (name === 'constants' ? { fs, os } : refuse(name));
