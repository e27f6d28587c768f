// `import SwiftUI` brings Foundation with it on Apple's systems (CGFloat, CGSize, CGRect, Date,
// URL); so does this module, so that a view file with only its import changed still finds them.
@_exported import Foundation
