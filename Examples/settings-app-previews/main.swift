import SwiftUIExamples
import TypeLayoutPreviewRunner
import TypeLayoutSwiftUI

// The example settings app's preview command, as a team writes its own: every preview of the
// app, rendered at the 12 sizes in each language of the catalogs it is given and audited.
//
//   swift run settings-app-previews --catalogs Examples/swiftui/SettingsApp/Localizable.xcstrings --report out/app
PreviewCommand.main([
    Preview(SettingsApp_Previews.self), Preview(SettingsHome_Previews.self), Preview(NotificationSettings_Previews.self),
    Preview(DisplaySettings_Previews.self), Preview(AboutSettings_Previews.self), Preview(Profile_Previews.self),
])
