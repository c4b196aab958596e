/** True when dist/ holds both builds and each is newer than every source file. */
export declare const isBuildCurrent: () => boolean;
