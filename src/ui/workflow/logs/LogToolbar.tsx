import { ArrowDownToLine, Check, Copy, Download, WrapText } from 'lucide-react';
import { LOG_LEVELS, type LogLevel } from '../../../model/workflow/logLines';
import { IconToggle } from './IconToggle';

export interface LogToolbarProps {
  levels: ReadonlySet<LogLevel>;
  levelCounts: Record<LogLevel, number>;
  onToggleLevel: (level: LogLevel) => void;
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
  following: boolean;
  onFollow: (following: boolean) => void;
  copied: boolean;
  onCopy: () => void;
  onDownload: () => void;
  empty: boolean;
}

const LEVEL_LABEL: Record<LogLevel, string> = { ERROR: 'Error', WARNING: 'Warning', INFO: 'Info', DEBUG: 'Debug' };

/** Level filter chips (with how many lines each level has), wrap, follow, copy and download. */
export function LogToolbar({ levels, levelCounts, onToggleLevel, wrap, onWrap, following, onFollow, copied, onCopy, onDownload, empty }: LogToolbarProps) {
  return (
    <>
      <div className="lv-levels" role="group" aria-label="Show levels">
        {LOG_LEVELS.map((level) => (
          <button
            key={level}
            type="button"
            className={`lv-chip lv-chip-${level.toLowerCase()}`}
            aria-pressed={levels.has(level)}
            onClick={() => onToggleLevel(level)}
          >
            {LEVEL_LABEL[level]}{' '}
            <span className="lv-chip-count">{levelCounts[level].toLocaleString('en-US')}</span>
            <span className="visually-hidden"> lines</span>
          </button>
        ))}
      </div>
      <div className="lv-actions">
        <IconToggle label="Wrap long lines" pressed={wrap} onToggle={onWrap}>
          <WrapText size={16} aria-hidden="true" />
        </IconToggle>
        <IconToggle label="Follow the end of the log" pressed={following} onToggle={onFollow}>
          <ArrowDownToLine size={16} aria-hidden="true" />
        </IconToggle>
        <button type="button" className="lv-button" aria-label="Copy the whole log" disabled={empty} onClick={onCopy}>
          {copied ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
          <span className="lv-button-text">{copied ? 'Copied' : 'Copy'}</span>
        </button>
        <button type="button" className="lv-button" aria-label="Download the whole log" disabled={empty} onClick={onDownload}>
          <Download size={15} aria-hidden="true" />
          <span className="lv-button-text">Download</span>
        </button>
      </div>
    </>
  );
}
