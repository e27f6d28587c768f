#ifndef C_PREVIEW_SECTION_H
#define C_PREVIEW_SECTION_H

/// The bounds of the `typelayout_previews` section of the executable, where each `#Preview`
/// (TypeLayoutPreviews' macro) places a record; both NULL when no preview was linked in.
const void *typelayout_previews_section_start(void);
const void *typelayout_previews_section_end(void);

#endif
