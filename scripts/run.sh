#!/usr/bin/env bash
# The main job with built-in defaults: the HAL 9000 label ("I'm sorry, Dave. I'm afraid I can't
# do that.", Gillius ADF, the GillSans stand-in, 36 pt, 343 pt wide) rendered at
# extraExtraExtraLarge and as a contact sheet of all 12 content size categories, then its lines
# at every category printed. Extra arguments go to the two renders (e.g. --scaling apple,
# --color '#336699'); the layout listing takes only the label's defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
cli=$(scripts/build.sh)
mkdir -p out
"$cli" --category xxxl "$@" out/label-xxxl.png
"$cli" --categories all "$@" out/contact-sheet.png
"$cli" layout --categories all
echo "wrote out/label-xxxl.png and out/contact-sheet.png"
